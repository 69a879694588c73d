import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Badge } from './badge';
import { Card, CardContent, CardHeader } from './card';
import { RecordActionButton } from './record-dialogs';

/**
 * The list half of a staff screen that manages records: its heading, the polite status region
 * that announces each saved change (`notice`, with `noticeDetails` under it), a row action's
 * refusal as an alert, a standing `warning`, and the list itself (rows: RecordRow).
 */
export function RecordListSection({ titleId, title, notice, noticeDetails, error, warning, children }: {
  titleId: string;
  title: string;
  notice: string | null;
  noticeDetails?: ReactNode;
  error: string | null;
  warning?: string | null;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className="space-y-4">
      <h2 id={titleId} className="text-xl font-semibold">{title}</h2>
      {/* Always on the page, so a screen reader hears each notice that appears in it. */}
      <div role="status" aria-live="polite">
        {notice ? (
          <div className="rounded-lg border border-leaf-700/30 bg-green-50 p-4 text-sm text-gray-900">
            <p className="font-medium">{notice}</p>
            {noticeDetails}
          </div>
        ) : null}
      </div>
      {error ? <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-800">{error}</p> : null}
      {warning ? <p className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">{warning}</p> : null}
      <ul className="space-y-3" aria-labelledby={titleId}>{children}</ul>
    </section>
  );
}

/**
 * One record of the list: a heading with its name (after `marker`, a colour dot say) and its
 * active or inactive badge (after `tags`), the lines about it, and its buttons.
 */
export function RecordRow({ testId, name, isActive, stateLabel, marker, tags, alignTop = false, actions, children }: {
  testId: string;
  name: string;
  isActive: boolean;
  stateLabel: string;
  marker?: ReactNode;
  tags?: ReactNode;
  /** Top-aligns the buttons beside a row whose lines run long. */
  alignTop?: boolean;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className={cn('flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:flex-row', alignTop ? 'sm:items-start' : 'sm:items-center', 'sm:justify-between')} data-testid={testId}>
      <div className="min-w-0 space-y-1">
        <h3 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
          {marker}
          <span className="break-words">{name}</span>
          {tags}
          <Badge variant={isActive ? 'default' : 'secondary'}>{stateLabel}</Badge>
        </h3>
        {children}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>
    </li>
  );
}

/**
 * A row's "Deactivate" (or "Retire") and "Reactivate": one button in one place, so when the record
 * flips the keyboard stays on it. Deactivating usually asks first: `onDeactivate` opens the question.
 */
export function ActiveToggleButton({ isActive, recordName, deactivateLabel, reactivateLabel, busy, onDeactivate, onReactivate }: {
  isActive: boolean;
  recordName: string;
  deactivateLabel: string;
  reactivateLabel: string;
  busy: boolean;
  onDeactivate: () => void;
  onReactivate: () => void;
}) {
  return isActive
    ? <RecordActionButton label={deactivateLabel} recordName={recordName} disabled={busy} onClick={onDeactivate} />
    : <RecordActionButton label={reactivateLabel} recordName={recordName} primary disabled={busy} onClick={onReactivate} />;
}

/** The add half of the screen: a card whose heading (`titleId`) names the form inside it. */
export function AddRecordCard({ titleId, title, intro, children }: { titleId: string; title: string; intro: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <h2 id={titleId} className="text-xl font-semibold leading-tight">{title}</h2>
        <p className="text-sm text-gray-600">{intro}</p>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
