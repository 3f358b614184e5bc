/**
 * /login: one access key field. Wrong key -> "Invalid access key" and nothing stored; 429 -> the
 * server's message; no answer -> "Cannot reach the server". Enter submits (it is a form).
 */
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLogin } from 'react-admin';
import { APP_LABEL, APP_VERSION } from '../config/constants.ts';
import type { LoginParams } from '../authProvider/createAuthProvider.ts';
import { errorStatus } from '../dataProvider/apiFetch.ts';

export const INVALID_KEY_TEXT = 'Invalid access key';
export const UNREACHABLE_TEXT = 'Cannot reach the server';
export const SESSION_ENDED_TEXT = 'Your session has ended. Sign in again.';

export function loginErrorText(error: unknown): string {
  const status = errorStatus(error);
  if (status === 401) return INVALID_KEY_TEXT;
  if (status === 0) return UNREACHABLE_TEXT;
  if (error instanceof Error && error.message !== '') return error.message;
  return 'Sign-in failed';
}

export function LoginPage() {
  const login = useLogin();
  const [accessKey, setAccessKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // SessionExpiryGuard lands here with ?session=expired: say why the operator is signed out.
  const [sessionEnded] = useState(() => new URLSearchParams(window.location.search).get('session') === 'expired');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || accessKey === '') return;
    setSubmitting(true);
    setError(null);
    const params: LoginParams = { accessKey };
    try {
      await login(params);
    } catch (caught) {
      setError(loginErrorText(caught));
      setSubmitting(false);
    }
  };

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}
    >
      <Card sx={{ width: '100%', maxWidth: 380 }}>
        <CardContent sx={{ p: 4 }}>
          <Typography variant="h5" component="h1">
            {APP_LABEL}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            v{APP_VERSION} · sign in with your access key
          </Typography>
          <Stack component="form" spacing={2} noValidate onSubmit={submit}>
            {sessionEnded && error === null ? <Alert severity="info">{SESSION_ENDED_TEXT}</Alert> : null}
            <TextField
              label="Access key"
              type="password"
              name="accessKey"
              autoComplete="current-password"
              autoFocus
              required
              fullWidth
              variant="outlined"
              value={accessKey}
              onChange={(e) => setAccessKey(e.target.value)}
              error={error !== null}
            />
            {error !== null ? (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            ) : null}
            <Button type="submit" variant="contained" size="large" disabled={submitting || accessKey === ''}>
              Sign in
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
