import { MyContracts } from '../../features/contracts/my-contracts';

export function ViewContractsPage() {
  return <MyContracts />;
}
