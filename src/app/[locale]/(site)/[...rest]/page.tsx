import { notFound } from 'next/navigation';

// DECISIONS §12: an unknown path of more than one segment is a plain 404.
// Thrown from the metadata too, so the head is the not-found page's (its translated title), not
// the layout's default.
export function generateMetadata(): never {
  notFound();
}

export default function UnknownPage() {
  notFound();
}
