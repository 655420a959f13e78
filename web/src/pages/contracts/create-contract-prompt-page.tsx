import { ChoiceCard, ChoicePage } from '../../components/ui/choice-card';
import { paths } from '../../config/paths';

export function CreateContractPromptPage() {
  return (
    <ChoicePage title="Create Contract">
      <ChoiceCard
        to={paths.createContract.getHref()}
        title="Private Contract"
        description="A contract for one named person, who accepts it with its Contract ID."
      />
      <ChoiceCard
        to={paths.createTemplate.getHref()}
        title="Contract Template"
        description="A reusable offer with a base price that anyone holding its Template ID can use."
      />
    </ChoicePage>
  );
}
