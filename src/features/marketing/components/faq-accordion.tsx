'use client';
import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';

export interface FaqItem { question: string; answer: string }

/** SPEC: single-open and collapsible (a second click closes the open answer). */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  return (
    <Accordion.Root type="single" collapsible className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
      {items.map((item, index) => (
        <Accordion.Item key={item.question} value={`faq-${index}`}>
          <Accordion.Header asChild>
            <h3>
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-4 py-4 text-left font-semibold hover:bg-gray-50 sm:px-6">
                {item.question}
                <ChevronDown aria-hidden className="h-5 w-5 shrink-0 transition-transform group-data-[state=open]:rotate-180" />
              </Accordion.Trigger>
            </h3>
          </Accordion.Header>
          <Accordion.Content className="px-4 pb-4 text-gray-700 sm:px-6">{item.answer}</Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
