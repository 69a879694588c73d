import { AlertCircle } from 'lucide-react';

/** SPEC "Not-found page": a centred card on a light grey full-height background. */
export function NotFoundCard({ title, body, homeHref, homeLabel }: { title: string; body: string; homeHref: string; homeLabel: string }) {
  return (
    <div className="flex min-h-screen w-full items-center justify-center bg-gray-50 px-4">
      <div className="w-full max-w-md rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
        <div className="mb-4 flex items-center gap-2">
          <AlertCircle aria-hidden className="h-8 w-8 text-red-600" />
          <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
        </div>
        <p className="text-sm text-gray-700">{body}</p>
        <a href={homeHref} className="mt-6 inline-block text-sm font-medium text-brand-800 underline">{homeLabel}</a>
      </div>
    </div>
  );
}
