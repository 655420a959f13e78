import { CreateContractForm } from '../../features/contracts/create-contract-form';
import { SignedInAs } from '../../features/profile/signed-in-as';

export function CreateContractPage() {
  return <CreateContractForm account={<SignedInAs />} />;
}
