/**
 * /settings/bridges/:bridgeName/solana: the bridge's Solana bridge configuration (SPEC §7, x =
 * bridgeName). The layout checks the name and shows where you are; BridgesScreen nests the pages
 * (entries with find, a new entry, one token, CSV import) under it.
 */
import Alert from '@mui/material/Alert';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, Outlet, useOutletContext, useParams, useResolvedPath } from 'react-router-dom';
import { SolanaEntries } from './SolanaEntries.tsx';
import { SolanaEntryForm } from './SolanaEntryForm.tsx';
import { SolanaImport } from './SolanaImport.tsx';
import { solanaKeyProblem } from './solanaRules.ts';

interface SolanaContext {
  /** The x path segment of the calls: the bridgeName. */
  x: string;
  /** This config's own path, for links between its pages. */
  base: string;
  /** The bridges list's path. */
  bridges: string;
}

function Crumbs({ here }: { here?: string }) {
  const { x, base, bridges } = useOutletContext<SolanaContext>();
  const current = (text: string) => (
    <Typography color="text.primary" sx={{ fontSize: 'inherit' }}>
      {text}
    </Typography>
  );
  return (
    <Breadcrumbs aria-label="Where you are" sx={{ fontSize: 14 }}>
      <Link component={RouterLink} to={bridges} underline="hover" color="inherit">
        Bridges
      </Link>
      <Link component={RouterLink} to={`${bridges}/${encodeURIComponent(x)}`} underline="hover" color="inherit">
        {x}
      </Link>
      {here ? (
        <Link component={RouterLink} to={base} underline="hover" color="inherit">
          Solana config
        </Link>
      ) : (
        current('Solana config')
      )}
      {here && current(here)}
    </Breadcrumbs>
  );
}

export function SolanaLayout() {
  const { bridgeName = '' } = useParams();
  const base = useResolvedPath('.').pathname;
  const bridges = useResolvedPath('..').pathname;
  const problem = solanaKeyProblem(bridgeName);
  return (
    <Stack spacing={1.5}>
      {problem ? (
        <Alert severity="warning">
          {problem}.{' '}
          <Link component={RouterLink} to={bridges}>
            Back to bridges
          </Link>
        </Alert>
      ) : (
        <Outlet context={{ x: bridgeName, base, bridges } satisfies SolanaContext} />
      )}
    </Stack>
  );
}

export function SolanaEntriesPage() {
  const { x, base } = useOutletContext<SolanaContext>();
  return (
    <>
      <Crumbs />
      <SolanaEntries x={x} base={base} />
    </>
  );
}

export function SolanaImportPage() {
  const { x, base } = useOutletContext<SolanaContext>();
  return (
    <>
      <Crumbs here="CSV import" />
      <SolanaImport x={x} base={base} />
    </>
  );
}

export function SolanaEntryPage() {
  const { x, base } = useOutletContext<SolanaContext>();
  const { token } = useParams();
  return (
    <>
      <Crumbs here={token ?? 'New entry'} />
      <SolanaEntryForm key={token ?? ''} x={x} token={token} base={base} />
    </>
  );
}
