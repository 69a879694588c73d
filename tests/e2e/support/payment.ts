import type { Page } from 'playwright-core';

/** Fills the built-in test gateway's card form (Stripe test-mode numbers) and presses Pay. */
export async function payWithCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

/**
 * Pays the checkout on screen with 4242 and waits for /payment-success to show the server-verified
 * success. Returns the payment intent id from the success page's URL.
 */
export async function payAndReachSuccess(page: Page): Promise<string> {
  await payWithCard(page, '4242 4242 4242 4242');
  await page.waitForURL(/\/payment-success\?payment_intent=pi_test_/);
  await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
  return new URL(page.url()).searchParams.get('payment_intent')!;
}
