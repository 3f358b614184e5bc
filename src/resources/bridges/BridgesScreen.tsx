/** /settings/bridges/*: list (index), create (_new) and edit (:bridgeName) as nested routes. */
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { useLive } from '../../realtime/index.ts';
import { BridgeForm } from './BridgeForm.tsx';
import { BridgeList } from './BridgeList.tsx';
import { NEW_BRIDGE_PATH } from './paths.ts';

function useBackToList() {
  const navigate = useNavigate();
  return () => navigate('..', { relative: 'path' });
}

function BridgeCreate() {
  const back = useBackToList();
  return (
    <>
      <Typography variant="h6" component="h2">
        New bridge
      </Typography>
      <BridgeForm onDone={back} />
    </>
  );
}

function BridgeEdit() {
  const { bridgeName = '' } = useParams();
  const back = useBackToList();
  // Seeded once by the form; later live changes surface as a 409 on save.
  const bridge = useLive((s) => s.bridges[bridgeName]);
  return (
    <>
      <Typography variant="h6" component="h2">
        {bridgeName}
      </Typography>
      {bridge ? <BridgeForm key={bridgeName} bridge={bridge} onDone={back} /> : <Alert severity="warning">No bridge named {bridgeName} (yet).</Alert>}
    </>
  );
}

export function BridgesScreen() {
  return (
    <Routes>
      <Route index element={<BridgeList />} />
      <Route path={NEW_BRIDGE_PATH} element={<BridgeCreate />} />
      <Route path=":bridgeName" element={<BridgeEdit />} />
    </Routes>
  );
}
