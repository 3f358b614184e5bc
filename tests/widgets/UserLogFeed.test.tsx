// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { AdminContext, testDataProvider, type AuthProvider } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { UserLogFeed } from '../../src/widgets/UserLogFeed/UserLogFeed.tsx';
import { resetLive } from './harness.tsx';

const asRole = (role: string): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => role,
});

describe('§1/§6 the home user-log panel', () => {
  beforeEach(resetLive);

  it('an empty feed tells an Admin no action happened yet', async () => {
    render(
      <AdminContext dataProvider={testDataProvider()} authProvider={asRole('Admin')}>
        <UserLogFeed />
      </AdminContext>,
    );
    expect(await screen.findByText('No operator actions yet')).toBeInTheDocument();
  });

  it('an Operator, to whom the reference server sends no user log, is told where they are listed rather than that none happened', async () => {
    render(
      <AdminContext dataProvider={testDataProvider()} authProvider={asRole('Operator')}>
        <UserLogFeed />
      </AdminContext>,
    );
    expect(await screen.findByText('Operator actions are listed for admins')).toBeInTheDocument();
    expect(screen.queryByText('No operator actions yet')).toBeNull();
  });
});
