/**
 * /settings/bridges/*: list (index), create (_new), automation (_automation), edit (:bridgeName)
 * and the bridge's Solana config (:bridgeName/solana/...) as nested routes.
 */
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { useLive } from '../../realtime/index.ts';
import { BridgeAutomation } from './BridgeAutomation.tsx';
import { BridgeForm } from './BridgeForm.tsx';
import { BridgeList } from './BridgeList.tsx';
import { SolanaEntriesPage, SolanaEntryPage, SolanaImportPage, SolanaLayout } from './SolanaScreen.tsx';
import { AUTOMATION_PATH, NEW_BRIDGE_PATH, NEW_SOLANA_ENTRY_PATH, SOLANA_IMPORT_PATH, SOLANA_PATH } from './paths.ts';

function useBackToList() {
  const navigate = useNavigate();
  return () => navigate('..', { relative: 'path' });
}

function Heading({ children, action }: { children: string; action?: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1.5 }}>
      <Typography variant="h6" component="h2">
        {children}
      </Typography>
      {action}
    </Stack>
  );
}

function BridgeCreate() {
  const back = useBackToList();
  return (
    <>
      <Heading>New bridge</Heading>
      <BridgeForm onDone={back} />
    </>
  );
}

function BridgeEdit() {
  const { bridgeName = '' } = useParams();
  const back = useBackToList();
  const navigate = useNavigate();
  // Seeded once by the form; later live changes surface as a 409 on save.
  const bridge = useLive((s) => s.bridges[bridgeName]);
  return (
    <>
      <Heading action={bridge && <Button onClick={() => navigate(SOLANA_PATH, { relative: 'path' })}>Solana config</Button>}>{bridgeName}</Heading>
      {bridge ? <BridgeForm key={bridgeName} bridge={bridge} onDone={back} /> : <Alert severity="warning">No bridge named {bridgeName} (yet).</Alert>}
    </>
  );
}

function AutomationPage() {
  const back = useBackToList();
  return (
    <>
      <Heading>Bridge automation</Heading>
      <BridgeAutomation onDone={back} />
    </>
  );
}

export function BridgesScreen() {
  return (
    <Routes>
      <Route index element={<BridgeList />} />
      <Route path={NEW_BRIDGE_PATH} element={<BridgeCreate />} />
      <Route path={AUTOMATION_PATH} element={<AutomationPage />} />
      <Route path=":bridgeName" element={<BridgeEdit />} />
      <Route path={`:bridgeName/${SOLANA_PATH}`} element={<SolanaLayout />}>
        <Route index element={<SolanaEntriesPage />} />
        <Route path={SOLANA_IMPORT_PATH} element={<SolanaImportPage />} />
        <Route path={NEW_SOLANA_ENTRY_PATH} element={<SolanaEntryPage />} />
        <Route path=":token" element={<SolanaEntryPage />} />
      </Route>
      {/* §2 any unknown path goes to /. */}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
