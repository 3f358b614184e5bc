/**
 * The stay-open "Disconnected from server" toast (§4/§8, its text exactly that) with a way back:
 * after stopReconnect there is no retry, and without it the header would read Disconnected, Offline
 * and a red 00:00 until a reload. "Sign in again" signs out in this browser (the stored token goes)
 * and opens /login; signing in returns to this screen.
 */
import Button from '@mui/material/Button';
import { useLogout } from 'react-admin';
import { DISCONNECTED_TEXT } from './service.ts';

export const SIGN_IN_AGAIN = 'Sign in again';

function SignInAgainButton() {
  const logout = useLogout();
  return (
    <Button
      size="small"
      variant="contained"
      color="inherit"
      onClick={() => void logout({}, '/login', true)}
      sx={{ color: '#b71c1c', bgcolor: '#fff', py: 0, ml: 1 }}
    >
      {SIGN_IN_AGAIN}
    </Button>
  );
}

export function DisconnectedMessage() {
  return (
    <>
      <span>{DISCONNECTED_TEXT}</span> <SignInAgainButton />
    </>
  );
}
