import { EngagedContracts } from '../../features/contracts/engaged-contracts';

export function EngagedContractsPage() {
  return <EngagedContracts />;
}
