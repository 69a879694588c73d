import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getTranslator, pickMessages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { PROCESSING_POLL_DELAYS_MS } from '../payment-outcome';
import type { PaymentStatusView } from '../payment.types';
import { ApiError } from './payment-client';
import { PaymentForm } from './payment-form';
import { type TestPaymentCheck, TestPaymentStatus, watchTestPayment } from './payment-test-view';

const status = (value: string, message = ''): PaymentStatusView => ({
  status: value, success: value === 'succeeded', bookingCancelled: false, bookingEnd: null, refundedCents: 0, message, amount: 12900, currency: 'CAD', serviceType: 'onetime', serviceDate: null, movedForRain: [], bookingRef: null, appointmentId: null,
});

/**
 * Runs watchTestPayment against scripted answers (a status, or an error to throw) with a manual
 * clock: `tick()` runs the next scheduled status call and settles it.
 */
function watch(answers: (PaymentStatusView | Error)[]) {
  const seen: TestPaymentCheck[] = [];
  const delays: number[] = [];
  let pending: (() => void) | null = null;
  let calls = 0;
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  const stop = watchTestPayment('pi_test_1', (check) => seen.push(check), {
    fetchStatus: async () => {
      const answer = answers[Math.min(calls++, answers.length - 1)]!;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    schedule: (run, delayMs) => {
      delays.push(delayMs);
      pending = run;
      return () => { pending = null; };
    },
  });
  return {
    seen, delays, stop,
    get calls() { return calls; },
    settle: flush,
    async tick() {
      const run = pending;
      pending = null;
      run?.();
      await flush();
    },
  };
}

describe('watchTestPayment (the staff payment test page)', () => {
  it('shows a processing card (7775) as processing until the server says it is paid', async () => {
    const w = watch([status('processing'), status('processing'), status('succeeded')]);
    await w.settle();
    expect(w.seen).toEqual([{ kind: 'processing', polling: true }]);
    await w.tick();
    await w.tick();
    expect(w.seen).toEqual([{ kind: 'processing', polling: true }, { kind: 'processing', polling: true }, { kind: 'succeeded', amountCents: 12900 }]);
    expect(w.delays).toEqual(PROCESSING_POLL_DELAYS_MS.slice(0, 2));
  });

  it('reports a processing payment the bank then declines (8773) as failed, with its message', async () => {
    const w = watch([status('processing'), status('requires_payment_method', 'Your card was declined.')]);
    await w.settle();
    await w.tick();
    expect(w.seen.at(-1)).toEqual({ kind: 'failed', message: 'Your card was declined.' });
  });

  it('stops asking after the back-off and keeps saying processing, never success', async () => {
    const w = watch([status('processing')]);
    await w.settle();
    for (let i = 0; i < PROCESSING_POLL_DELAYS_MS.length + 2; i++) await w.tick();
    expect(w.calls).toBe(PROCESSING_POLL_DELAYS_MS.length + 1);
    expect(w.seen.at(-1)).toEqual({ kind: 'processing', polling: false });
    expect(w.seen.some((c) => c.kind === 'succeeded')).toBe(false);
  });

  it('retries a lost status call, then says it could not read the status', async () => {
    const w = watch([new ApiError(503, 'unavailable', null)]);
    await w.settle();
    await w.tick();
    await w.tick();
    expect(w.calls).toBe(3);
    expect(w.seen).toEqual([{ kind: 'unreadable' }]);
  });

  it('asks nothing more once stopped', async () => {
    const w = watch([status('processing'), status('succeeded')]);
    await w.settle();
    w.stop();
    await w.tick();
    expect(w.seen).toEqual([{ kind: 'processing', polling: true }]);
  });
});

function renderStatus(locale: Locale, check: Parameters<typeof TestPaymentStatus>[0]['check']) {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={pickMessages(locale, ['checkout', 'payments'])}>
      <TestPaymentStatus check={check} amount="$129.00" onCheckAgain={() => undefined} onStartOver={() => undefined} />
    </NextIntlClientProvider>,
  );
}

describe('TestPaymentStatus', () => {
  it.each(['en', 'fr'] as const)('says a processing payment is processing, not completed (%s)', (locale) => {
    const t = getTranslator(locale, 'checkout');
    const html = renderStatus(locale, { kind: 'processing', polling: true });
    expect(html).toContain(t('test.processingTitle'));
    expect(html).not.toContain(t('test.successTitle'));
    expect(html).toContain(t('processing.checking'));
    expect(html).not.toContain(t('processing.checkAgain'));
  });

  it('offers Check again once it has stopped asking', () => {
    const html = renderStatus('en', { kind: 'processing', polling: false });
    expect(html).toContain('still processing');
    expect(html).toContain('>Check again</button>');
    expect(html).toContain('>Start another test payment</button>');
  });
});

describe('the test card list (SPEC "Payment test page": a footer lists test card hints)', () => {
  const renderForm = (props: { showTestCardHints?: boolean }) => renderToStaticMarkup(
    <NextIntlClientProvider locale="en" timeZone="America/Toronto" messages={pickMessages('en', ['checkout', 'payments'])}>
      <PaymentForm provider="test" clientSecret="pi_test_1_secret_x" paymentIntentId="pi_test_1" amountCents={12900} returnPath="/payment-confirmation" onSucceeded={() => undefined} onFailed={() => undefined} {...props} />
    </NextIntlClientProvider>,
  );
  const lists = (html: string) => html.split('>Test cards<').length - 1;

  it('is left out of the test gateway\'s card form on the payment test page, whose footer has it', () => {
    const html = renderForm({ showTestCardHints: false });
    expect(html).toContain('>Pay $129.00</button>');
    expect(lists(html)).toBe(0);
    expect(html).not.toContain('4000 0000 0000 0002');
  });

  it('stays in the card form of the checkouts, which have no footer of their own', () => {
    expect(lists(renderForm({}))).toBe(1);
  });
});
