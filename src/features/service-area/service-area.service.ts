import 'server-only';
import { DEFAULT_BRANCH_ID, getBranch } from '@/features/branch/branch.service';
import { AppError } from '@/lib/errors';
import { checkServiceArea } from './postal-code';

export type ServiceAreaAnswer = { inServiceArea: boolean; postalCode: string; area: string | null };

/**
 * Is this postal code served by the branch (DECISIONS §4)? The served prefixes are branch data.
 *
 * @throws AppError('bad_request', 'serviceArea.invalidPostalCode') for a malformed code
 */
export async function checkPostalCode(input: string, branchId = DEFAULT_BRANCH_ID): Promise<ServiceAreaAnswer> {
  const branch = await getBranch(branchId);
  const check = checkServiceArea(input, branch.settings.servedPrefixes);
  if (!check.valid) {
    throw new AppError('bad_request', 'serviceArea.invalidPostalCode', { fields: { postalCode: 'serviceArea.invalidPostalCode' } });
  }
  return { inServiceArea: check.inServiceArea, postalCode: check.postalCode, area: check.area };
}

