import { MyTemplates } from '../../features/templates/my-templates';

export function MyTemplatesPage() {
  return <MyTemplates />;
}
