import { CreateTemplateForm } from '../../features/templates/create-template-form';

export function CreateTemplatePage() {
  return <CreateTemplateForm />;
}
