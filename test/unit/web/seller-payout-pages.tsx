import type { ContractView } from '@escrow/api/contracts';
import { Route } from 'react-router-dom';
import { ContractAnalyticsPage } from '../../../web/src/pages/contracts/contract-analytics-page';
import { MyContractDetailsPage } from '../../../web/src/pages/contracts/my-contract-details-page';
import { type fakeApi, reply } from './fake-api';
import { renderSignedInAt } from './providers';

/**
 * The two pages a seller releases a payout from, for `contract` (created by the signed-in u1): the
 * payout (analytics) page, and the contract page with the answers it loads besides the payout
 * (the contract and its people, no dispute). `pages` names both, for tests that hold on each.
 */
export function sellerPayoutPages(api: ReturnType<typeof fakeApi>, contract: ContractView) {
  const analyticsPage = () =>
    renderSignedInAt(
      `/contract-analytics/${contract.id}`,
      <Route path="/contract-analytics/:contractId" element={<ContractAnalyticsPage />} />,
    );
  const contractPage = () => {
    api
      .on('GET', `/contracts/${contract.id}`, reply({ contract, people: [{ id: 'u1', full_name: 'Ada Obi', username: null }] }))
      .on('GET', `/contracts/${contract.id}/dispute`, reply({ dispute: null }));
    return renderSignedInAt(
      `/my-contract-details/${contract.id}`,
      <Route path="/my-contract-details/:contractId" element={<MyContractDetailsPage />} />,
    );
  };
  const pages = [
    ['analytics page', analyticsPage],
    ['contract page', contractPage],
  ] as const;
  return { analyticsPage, contractPage, pages };
}
