import { paths } from '../config/paths';
import { ChoiceCard, ChoicePage } from './ui/choice-card';

/**
 * The two pages that ask which kind of contract, a private one (for one named person) or a
 * template (an offer anyone with its ID can use): creating one, and finding one to take. Each says
 * where the two kinds lead and what they do there.
 */
const questions = {
  create: {
    title: 'Create Contract',
    privateContract: {
      to: paths.createContract.getHref(),
      description: 'A contract for one named person, who accepts it with its Contract ID.',
    },
    template: {
      to: paths.createTemplate.getHref(),
      description: 'A reusable offer with a base price that anyone holding its Template ID can use.',
    },
  },
  find: {
    title: 'Find Contract',
    privateContract: {
      to: paths.acceptContractManual.getHref(),
      description: 'Accept a contract created for you, using its Contract ID.',
    },
    template: {
      to: paths.useTemplate.getHref(),
      description: 'Create a contract from a template, using its Template ID.',
    },
  },
};

export function ContractKindChoice({ question }: { question: keyof typeof questions }) {
  const { title, privateContract, template } = questions[question];
  return (
    <ChoicePage title={title}>
      <ChoiceCard title="Private Contract" {...privateContract} />
      <ChoiceCard title="Contract Template" {...template} />
    </ChoicePage>
  );
}
