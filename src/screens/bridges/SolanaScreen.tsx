/**
 * /settings/bridges/:bridgeName/show/*: the bridge's Solana bridge configuration (§7, x =
 * bridgeName), the bridges resource's show view. It checks the name, shows where you are, and
 * nests its pages: entries with find (index), CSV import (_import), a new entry (_new), one token
 * (:token); any other path under it goes to / (§2).
 */
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, Navigate, Route, Routes, useParams } from 'react-router-dom';
import { useCreatePath } from 'react-admin';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import { BRIDGES_RESOURCE } from './record.ts';
import { SolanaEntries } from './SolanaEntries.tsx';
import { SolanaEntryForm } from './SolanaEntryForm.tsx';
import { SolanaImport } from './SolanaImport.tsx';
import { NEW_SOLANA_ENTRY_PATH, SOLANA_IMPORT_PATH } from './paths.ts';
import { solanaKeyProblem } from '../../domain/solanaRules.ts';

interface Where {
  /** The x path segment of the calls: the bridgeName. */
  x: string;
  /** This config's own path, for links between its pages. */
  base: string;
  /** The bridges list's path. */
  bridges: string;
  /** The bridge's edit path. */
  bridge: string;
}

function Crumbs({ where, here }: { where: Where; here?: string }) {
  const current = (text: string) => (
    <Typography color="text.primary" sx={{ fontSize: 'inherit' }}>
      {text}
    </Typography>
  );
  return (
    <Breadcrumbs aria-label="Where you are" sx={{ fontSize: 14 }}>
      <Link component={RouterLink} to={where.bridges} underline="hover" color="inherit">
        Bridges
      </Link>
      <Link component={RouterLink} to={where.bridge} underline="hover" color="inherit">
        {where.x}
      </Link>
      {here ? (
        <Link component={RouterLink} to={where.base} underline="hover" color="inherit">
          Solana config
        </Link>
      ) : (
        current('Solana config')
      )}
      {here && current(here)}
    </Breadcrumbs>
  );
}

function EntryPage({ where }: { where: Where }) {
  const { token } = useParams();
  return (
    <>
      <Crumbs where={where} here={token ?? 'New entry'} />
      <SolanaEntryForm key={token ?? ''} x={where.x} token={token} base={where.base} />
    </>
  );
}

function Frame({ x, children }: { x: string; children: ReactNode }) {
  return (
    <ResourcePage title={`Solana config of ${x}`}>
      <Stack spacing={1.5}>{children}</Stack>
    </ResourcePage>
  );
}

export function SolanaConfigView() {
  const { id = '' } = useParams();
  const createPath = useCreatePath();
  const where: Where = {
    x: id,
    base: createPath({ resource: BRIDGES_RESOURCE, id, type: 'show' }),
    bridges: createPath({ resource: BRIDGES_RESOURCE, type: 'list' }),
    bridge: createPath({ resource: BRIDGES_RESOURCE, id, type: 'edit' }),
  };
  const problem = solanaKeyProblem(id);
  if (problem) {
    return (
      <Frame x={id}>
        <Alert severity="warning">
          {problem}.{' '}
          <Link component={RouterLink} to={where.bridges}>
            Back to bridges
          </Link>
        </Alert>
      </Frame>
    );
  }
  return (
    <Frame x={id}>
      <Routes>
        <Route
          index
          element={
            <>
              <Crumbs where={where} />
              <SolanaEntries x={id} base={where.base} />
            </>
          }
        />
        <Route
          path={SOLANA_IMPORT_PATH}
          element={
            <>
              <Crumbs where={where} here="CSV import" />
              <SolanaImport x={id} base={where.base} />
            </>
          }
        />
        <Route path={NEW_SOLANA_ENTRY_PATH} element={<EntryPage where={where} />} />
        <Route path=":token" element={<EntryPage where={where} />} />
        {/* §2 any unknown path goes to /. */}
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Frame>
  );
}
