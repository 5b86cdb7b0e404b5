import { useParams } from '@tanstack/react-router';
import { TemplateEditorView } from '../../features/autoresponders/components/template-editor';
import { RequirePermission } from '../../lib/authorization';

export default function AutoresponderTemplatePage() {
  const { id, templateId } = useParams({ from: '/_app/autoresponders/$id/templates/$templateId' });
  return (
    <RequirePermission permission="work.read" what="autoresponders">
      <TemplateEditorView packageId={id} templateId={templateId} />
    </RequirePermission>
  );
}
