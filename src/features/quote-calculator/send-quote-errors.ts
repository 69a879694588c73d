/**
 * Where the "Send My Quote" modal shows the field messages POST /api/send-quote answers with (400,
 * `fields`, already translated): the address and postal code under the calculator's own fields
 * (the modal closes so they can be seen and corrected), the contact fields inside the modal.
 */
export type CalculatorErrorField = 'address' | 'postalCode';
export type DialogErrorField = 'firstName' | 'lastName' | 'email' | 'phone';

export type PlacedSendQuoteErrors = {
  calculator: { name: CalculatorErrorField; message: string }[];
  dialog: { name: DialogErrorField; message: string }[];
};

const CALCULATOR_FIELDS: Record<string, CalculatorErrorField> = {
  'quoteDetails.address': 'address',
  'quoteDetails.postalCode': 'postalCode',
};
const DIALOG_FIELDS: Record<string, DialogErrorField> = { firstName: 'firstName', lastName: 'lastName', email: 'email', phone: 'phone' };

/** Sorts the server's field messages by where they are shown; fields no form shows are left out. */
export function placeSendQuoteErrors(fields: unknown): PlacedSendQuoteErrors {
  const placed: PlacedSendQuoteErrors = { calculator: [], dialog: [] };
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return placed;
  for (const [key, message] of Object.entries(fields)) {
    if (typeof message !== 'string' || !message.trim()) continue;
    const calculatorField = Object.hasOwn(CALCULATOR_FIELDS, key) ? CALCULATOR_FIELDS[key] : undefined;
    const dialogField = Object.hasOwn(DIALOG_FIELDS, key) ? DIALOG_FIELDS[key] : undefined;
    if (calculatorField) placed.calculator.push({ name: calculatorField, message });
    else if (dialogField) placed.dialog.push({ name: dialogField, message });
  }
  return placed;
}
