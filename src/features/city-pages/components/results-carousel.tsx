'use client';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { clsx } from 'clsx';

export interface CarouselSlide {
  key: string;
  /** Accessible name of the slide, e.g. "Example 1 of 3". */
  label: string;
  content: ReactNode;
}

/**
 * An accessible carousel (WAI-ARIA APG pattern): every slide is rendered into the same grid cell so
 * the box is as tall as the tallest slide from the first paint; hidden slides are inert.
 */
export function ResultsCarousel({ label, slides, previousLabel, nextLabel, goToLabels }: {
  label: string;
  slides: CarouselSlide[];
  previousLabel: string;
  nextLabel: string;
  goToLabels: string[];
}) {
  const [index, setIndex] = useState(0);
  const last = slides.length - 1;
  return (
    <section aria-roledescription="carousel" aria-label={label} className="space-y-4">
      <div className="grid" aria-live="polite">
        {slides.map((slide, i) => (
          <div
            key={slide.key}
            role="group"
            aria-roledescription="slide"
            aria-label={slide.label}
            aria-hidden={i !== index}
            inert={i !== index}
            className={clsx('col-start-1 row-start-1 transition-opacity duration-300', i === index ? 'opacity-100' : 'invisible opacity-0')}
          >
            {slide.content}
          </div>
        ))}
      </div>
      <div className="flex items-center justify-center gap-3">
        <button
          type="button"
          onClick={() => setIndex((i) => Math.max(0, i - 1))}
          disabled={index === 0}
          aria-label={previousLabel}
          className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-gray-300 bg-white text-ink hover:bg-gray-50 disabled:opacity-40"
        >
          <ChevronLeft aria-hidden="true" className="h-5 w-5" />
        </button>
        <div className="flex gap-1">
          {slides.map((slide, i) => (
            <button
              key={slide.key}
              type="button"
              onClick={() => setIndex(i)}
              aria-label={goToLabels[i]}
              aria-current={i === index ? 'true' : undefined}
              className="inline-flex h-11 w-11 items-center justify-center"
            >
              <span className={clsx('block h-3 w-3 rounded-full', i === index ? 'bg-leaf-700' : 'bg-gray-400')} />
            </button>
          ))}
        </div>
        <button
          type="button"
          onClick={() => setIndex((i) => Math.min(last, i + 1))}
          disabled={index === last}
          aria-label={nextLabel}
          className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-gray-300 bg-white text-ink hover:bg-gray-50 disabled:opacity-40"
        >
          <ChevronRight aria-hidden="true" className="h-5 w-5" />
        </button>
      </div>
    </section>
  );
}
