'use client';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';
import { canGoNext, canGoPrevious, clampIndex, countVisibleCards, findLastIndex } from '../carousel-index';
import { TestimonialCard, type Testimonial } from './testimonial-card';

export interface CarouselLabels { previous: string; next: string; goTo: string; region: string; slide: string }

/** SPEC: 1 card below 768 px, 2 below 1024 px, else 3; previous/next disabled at the ends; dots. */
export function TestimonialsCarousel({ items, labels }: { items: Testimonial[]; labels: CarouselLabels }) {
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(1);

  useEffect(() => {
    const update = () => setVisible(countVisibleCards(window.innerWidth));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);

  const current = clampIndex(index, items.length, visible);
  const positions = findLastIndex(items.length, visible) + 1;

  return (
    <div role="group" aria-roledescription="carousel" aria-label={labels.region}>
      <div className="overflow-hidden">
        <ul
          className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${(current * 100) / visible}%)` }}
        >
          {items.map((item, i) => {
            const shown = i >= current && i < current + visible;
            return (
              <li
                key={item.author}
                aria-roledescription="slide"
                aria-label={labels.slide.replace('{n}', String(i + 1)).replace('{total}', String(items.length))}
                aria-hidden={!shown}
                inert={!shown}
                className="shrink-0 px-2"
                style={{ width: `${100 / visible}%` }}
              >
                <TestimonialCard item={item} />
              </li>
            );
          })}
        </ul>
      </div>
      <div className="mt-6 flex items-center justify-center gap-4">
        <button type="button" aria-label={labels.previous} disabled={!canGoPrevious(current)} onClick={() => setIndex(current - 1)}
          className="rounded-full border border-gray-300 bg-white p-2 disabled:opacity-40">
          <ChevronLeft aria-hidden className="h-5 w-5" />
        </button>
        <div className="flex gap-2">
          {Array.from({ length: positions }, (_, i) => (
            <button key={i} type="button" aria-label={labels.goTo.replace('{n}', String(i + 1))} aria-current={i === current ? 'true' : undefined}
              onClick={() => setIndex(i)}
              className="flex h-6 w-6 items-center justify-center">
              <span aria-hidden className={cn('h-2.5 w-2.5 rounded-full', i === current ? 'bg-brand-700' : 'bg-gray-300')} />
            </button>
          ))}
        </div>
        <button type="button" aria-label={labels.next} disabled={!canGoNext(current, items.length, visible)} onClick={() => setIndex(current + 1)}
          className="rounded-full border border-gray-300 bg-white p-2 disabled:opacity-40">
          <ChevronRight aria-hidden className="h-5 w-5" />
        </button>
      </div>
    </div>
  );
}
