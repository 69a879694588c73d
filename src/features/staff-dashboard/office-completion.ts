/**
 * What the dashboard's "Mark completed" asks of one visit (docs/decisions/0046), by the day
 * sheet's rules (0038, 0042). Pure and client-safe: the Appointments tab decides with it.
 */
import { isTreatmentVisit, pickDefaultProduct } from '@/features/application-records/application-rules';

export type OfficeCompletionPlan = {
  /** The dialog asks for the products applied: a treatment while the branch has a product. */
  recordsProducts: boolean;
  /** The office names the technician first: the record needs one and the visit is on no route. */
  asksTechnician: boolean;
};

/**
 * Every visit gets the day sheet's dialog (the note to the customer); a treatment also its
 * products while the branch has any. Who applied them is the visit's route technician, so the
 * office is asked only for a visit that records products and is on no route.
 */
export function planOfficeCompletion(visit: { serviceType: string; technicianId: number | null }, productCount: number): OfficeCompletionPlan {
  const recordsProducts = productCount > 0 && isTreatmentVisit(visit.serviceType);
  return { recordsProducts, asksTechnician: recordsProducts && visit.technicianId === null };
}

/** The product the first line starts with: the applying technician's last one while offered, else the only product. */
export function pickOfficeDefaultProduct(
  productIds: readonly number[],
  lastProductByTechnician: Readonly<Record<number, number>>,
  technicianId: number | null,
): number | null {
  return pickDefaultProduct(productIds, technicianId === null ? null : lastProductByTechnician[technicianId]);
}
