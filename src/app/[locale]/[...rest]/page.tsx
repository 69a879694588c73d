import { notFound } from 'next/navigation';

// DECISIONS §12: an unknown path of more than one segment is a plain 404.
export default function UnknownPage() {
  notFound();
}
