/**
 * The gate in front of every route but /login (§2): while checkAuth runs, Loading...; without a
 * session, /login replacing the history entry (react-admin's own requireAuth pushes one instead).
 * The visited path rides along so sign-in returns there.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuthState } from 'react-admin';
import { Loading } from './Loading.tsx';

export function RequireSession({ children }: { children: ReactNode }) {
  const { authenticated, isPending, isFetching } = useAuthState(undefined, false);
  const location = useLocation();
  if (authenticated === true) return children;
  if (isPending || isFetching) return <Loading />;
  return (
    <Navigate to="/login" replace state={{ nextPathname: location.pathname, nextSearch: location.search }} />
  );
}
