import 'server-only';
import { appointments } from '@/db/schema/appointments';
import { customers } from '@/db/schema/customers';

/**
 * What `findServiceAddress` reads, for a query joining a visit to its customer: the visit's
 * address as stored and the customer's address on file (reminders, visit reports, receipts,
 * application records).
 */
export const serviceAddressColumns = {
  address: appointments.address,
  city: appointments.city,
  postalCode: appointments.postalCode,
  customerAddress: customers.address,
  customerCity: customers.city,
  customerPostalCode: customers.postalCode,
};
