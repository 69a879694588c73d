import type { Page } from 'playwright-core';

export type CalculatorCustomer = { first: string; last: string; email: string; phone: string; address: string; postal: string };

/** Types the customer block of the landing page's quote calculator (#quote). */
export async function fillCalculatorCustomer(page: Page, values: CalculatorCustomer): Promise<void> {
  const calc = page.locator('#quote');
  await calc.getByLabel('First name').fill(values.first);
  await calc.getByLabel('Last name').fill(values.last);
  await calc.getByLabel('Email address').fill(values.email);
  await calc.getByLabel('Phone number').fill(values.phone);
  await calc.getByLabel('Service address').fill(values.address);
  await calc.getByLabel('Postal code').fill(values.postal);
}
