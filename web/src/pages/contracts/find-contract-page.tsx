import { ChoiceCard, ChoicePage } from '../../components/ui/choice-card';
import { paths } from '../../config/paths';

export function FindContractPage() {
  return (
    <ChoicePage title="Find Contract">
      <ChoiceCard
        to={paths.acceptContractManual.getHref()}
        title="Private Contract"
        description="Accept a contract created for you, using its Contract ID."
      />
      <ChoiceCard
        to={paths.useTemplate.getHref()}
        title="Contract Template"
        description="Create a contract from a template, using its Template ID."
      />
    </ChoicePage>
  );
}
