import { ContractKindChoice } from '../../components/contract-kind-choice';

export function CreateContractPromptPage() {
  return <ContractKindChoice question="create" />;
}
