import { UseTemplate } from '../../features/templates/use-template';

export function UseTemplatePage() {
  return <UseTemplate />;
}
