import { Star } from 'lucide-react';

export interface Testimonial { text: string; author: string; role: string; rating: number; ratingLabel: string }

/** One testimonial; shared by the server-rendered stand-in and the interactive carousel. */
export function TestimonialCard({ item }: { item: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
      <div className="flex gap-0.5 text-brand-500" role="img" aria-label={item.ratingLabel}>
        {Array.from({ length: 5 }, (_, i) => (
          <Star key={i} aria-hidden className={i < item.rating ? 'h-4 w-4 fill-current' : 'h-4 w-4 text-gray-300'} />
        ))}
      </div>
      <blockquote className="mt-3 flex-1 text-gray-700">{item.text}</blockquote>
      <figcaption className="mt-4">
        <span className="block font-semibold">{item.author}</span>
        <span className="block text-sm text-gray-600">{item.role}</span>
      </figcaption>
    </figure>
  );
}
