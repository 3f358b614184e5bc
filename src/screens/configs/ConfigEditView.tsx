/**
 * /settings/configs/{configName}: the config's JSON editor as the resource's edit view, so a deep
 * link opens that config; "Back to configs" returns to the list.
 */
import { useParams } from 'react-router-dom';
import { useCreatePath, useRedirect } from 'react-admin';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import { ConfigEditor } from './ConfigEditor.tsx';

export default function ConfigEditView() {
  const { id = '' } = useParams<'id'>();
  const redirect = useRedirect();
  const createPath = useCreatePath();
  return (
    <ResourcePage title="Configs">
      <ConfigEditor key={id} configName={id} onClose={() => redirect(createPath({ resource: 'settings/configs', type: 'list' }))} />
    </ResourcePage>
  );
}
