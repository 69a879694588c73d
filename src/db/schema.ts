// The schema object Drizzle's relational queries and the client are typed with.
import * as analytics from './schema/analytics';
import * as applications from './schema/applications';
import * as appointments from './schema/appointments';
import * as branchChanges from './schema/branch-changes';
import * as branches from './schema/branches';
import * as catalog from './schema/catalog';
import * as customers from './schema/customers';
import * as messages from './schema/messages';
import * as payments from './schema/payments';
import * as quotes from './schema/quotes';
import * as refunds from './schema/refunds';
import * as retreatments from './schema/retreatments';
import * as staff from './schema/staff';

export const schema = {
  ...analytics, ...applications, ...appointments, ...branchChanges, ...branches, ...catalog, ...customers, ...messages, ...payments, ...quotes, ...refunds, ...retreatments, ...staff,
};
