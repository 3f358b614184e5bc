/**
 * Definitions to react-admin: one <Resource> per definition the role may list, its views loaded
 * lazily (the kit and react-admin's list and form components stay out of the first load), and the
 * role table of each definition answered through authProvider.canAccess.
 */
import { Suspense, type ComponentType } from 'react';
import { Navigate, Route, useParams } from 'react-router-dom';
import { Resource } from 'react-admin';
import { allows, ROUTES } from '../config/access.ts';
import type { AppAuthProvider } from '../authProvider/index.ts';
import { Loading } from '../layout/Loading.tsx';
import { RedirectHome } from '../layout/RedirectHome.tsx';
import { LoadBoundary, retryableLazy } from '../ui/retryableLazy.tsx';
import { loadViews, type KitViewProps, type ResourceAction, type ResourceDefinition, type ResourceViewProps } from './definition.ts';

const ACTIONS: readonly string[] = ['list', 'show', 'create', 'edit', 'delete'] satisfies ResourceAction[];

/**
 * canAccess from the definitions for their resources (react-admin asks per action), the access
 * table's for the console's (defineResource); the auth provider's rule, by path, otherwise.
 */
export function withResourceAccess(authProvider: AppAuthProvider, definitions: readonly ResourceDefinition[]): AppAuthProvider {
  return {
    ...authProvider,
    async canAccess(params) {
      const definition = definitions.find((d) => d.name === params.resource);
      const role: unknown = (await authProvider.getPermissions?.({})) ?? '';
      const signedIn = role !== '';
      const command = definition?.commands?.find((c) => c.name === params.action);
      if (!definition || (!command && !ACTIONS.includes(params.action))) return (await authProvider.canAccess?.(params)) ?? signedIn;
      if (!signedIn) return false;
      return allows(command ? (definition.access.commands?.[command.name] ?? 'none') : definition.access[params.action as ResourceAction], role);
    },
  };
}

type KitView = ComponentType<KitViewProps>;
const loadList = (): Promise<KitView> => import('./ResourceList.tsx').then((m) => m.ResourceList);
const loadCreate = (): Promise<KitView> => import('./ResourceForm.tsx').then((m) => m.ResourceCreate);
const loadEdit = (): Promise<KitView> => import('./ResourceForm.tsx').then((m) => m.ResourceEdit);

/** A kit view of a definition, loaded with the definition's views, each read from where it is declared. */
function kitView(definition: ResourceDefinition, load: () => Promise<KitView>): ComponentType<ResourceViewProps> {
  return retryableLazy('this screen', async () => {
    const [View, views] = await Promise.all([load(), loadViews(definition)]);
    return { default: () => <View definition={definition} views={views} /> };
  });
}

function suspended(definition: ResourceDefinition, View: ComponentType<ResourceViewProps>): ComponentType {
  return function KitView() {
    return (
      <LoadBoundary key={definition.name}>
        <Suspense fallback={<Loading />}>
          <View definition={definition} />
        </Suspense>
      </LoadBoundary>
    );
  };
}

/**
 * The view only at its own path. react-admin registers a resource's list at `/*` and its edit at
 * `:id/*`, so a sub-path no route took (/tsettings/tokens/create for an Operator, who has no create
 * route; /tx/latest/x) would show the list. §2: an unknown path, and an admin route for a
 * non-admin, goes to /.
 */
function exactOnly(View: ComponentType): ComponentType {
  return function ExactPath() {
    const rest = useParams()['*'];
    return rest && rest !== '/' ? <RedirectHome /> : <View />;
  };
}

/** react-admin's views per definition, made once (a new component per render would remount the screen). */
const viewCache = new WeakMap<ResourceDefinition, Record<'list' | 'create' | 'edit' | 'show', ComponentType | undefined>>();

function raViewsOf(definition: ResourceDefinition, role: unknown) {
  let views = viewCache.get(definition);
  if (!views) {
    const { list, create, edit, show } = definition;
    views = {
      list: exactOnly(suspended(definition, list ?? kitView(definition, loadList))),
      create: definition.access.create === 'none' && !create ? undefined : exactOnly(suspended(definition, create ?? kitView(definition, loadCreate))),
      edit: definition.access.edit === 'none' && !edit ? undefined : exactOnly(suspended(definition, edit ?? kitView(definition, loadEdit))),
      show: show ? suspended(definition, show) : undefined,
    };
    viewCache.set(definition, views);
  }
  const { access } = definition;
  return {
    list: views.list,
    create: allows(access.create, role) ? views.create : undefined,
    edit: allows(access.edit, role) ? views.edit : undefined,
    show: allows(access.show, role) ? views.show : undefined,
  };
}

/**
 * The record page at /{name}/{id}. A screen's own address under the resource (/tx/new, /tx/latest)
 * reaches it only when this role may not open that screen: it goes home, as any screen it may not open.
 */
function RecordRoute({ name, Show }: { name: string; Show: ComponentType }) {
  const { id = '' } = useParams();
  if (ROUTES.some((r) => r.path === `/${name}/${id}`)) return <Navigate to="/" replace />;
  return <Show />;
}

/** The <Resource>s of the definitions this role may list. */
export function resourcesFor(definitions: readonly ResourceDefinition[], role: unknown) {
  return definitions
    .filter((d) => allows(d.access.list, role))
    .map((d) => {
      const views = raViewsOf(d, role);
      // A resource without edit shows a record at /{name}/{id} (react-admin's /{name}/{id}/show too).
      const Show = views.show && !views.edit ? views.show : undefined;
      return (
        <Resource
          key={d.name}
          name={d.name}
          icon={d.icon}
          options={{ label: d.label }}
          recordRepresentation={(record) => d.recordRepresentation(record)}
          {...views}
        >
          {Show && <Route path=":id" element={<RecordRoute name={d.name} Show={Show} />} />}
        </Resource>
      );
    });
}
