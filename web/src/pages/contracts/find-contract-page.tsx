import { ContractKindChoice } from '../../components/contract-kind-choice';

export function FindContractPage() {
  return <ContractKindChoice question="find" />;
}
