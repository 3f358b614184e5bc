/**
 * The catch-all (§2): an unknown path, or an admin route for a non-admin (those routes are not
 * registered for them), goes to / replacing the entry. While the role is being re-read (right after
 * sign-in the cached one may be stale) it waits, so an Admin's deep link is not thrown away.
 */
import { Navigate } from 'react-router-dom';
import { usePermissions } from 'react-admin';
import { Loading } from './Loading.tsx';

export function RedirectHome() {
  const { isFetching } = usePermissions();
  return isFetching ? <Loading /> : <Navigate to="/" replace />;
}
