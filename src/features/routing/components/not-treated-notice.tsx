import { Badge } from '@/components/ui/badge';
import type { describeNotTreated } from './route-format';

/**
 * "Not treated: Gate locked or no access", who and when, and the technician's note (0085), under a
 * stop or a visit: the day sheet, the route manager, the office's visit list and the customer page.
 */
export function NotTreatedNotice({ notTreated }: { notTreated: NonNullable<ReturnType<typeof describeNotTreated>> }) {
  return (
    <span className="block w-full text-sm text-gray-700" data-testid="not-treated">
      <Badge variant="outline" className="border-amber-400 bg-amber-50 text-amber-950">{notTreated.label}</Badge>
      <span className="block">{notTreated.byline}</span>
      {notTreated.note ? <span className="block whitespace-pre-line">{notTreated.note}</span> : null}
    </span>
  );
}
