// React.lazy with a way to load the code ahead. A page shown while its code downloads suspends, and
// once a Suspense boundary has shown its fallback React holds the content back until that fallback
// has been up for 300 ms (its throttle against flickering spinners): signing in to the medic home
// waited ~250 ms behind a spinner with the page's code already there. A page whose code was loaded
// ahead (`load`) renders at once, with no fallback at all.
import { lazy, useState, type ComponentType, type ReactNode } from 'react';

export interface LazyPage<Props extends object> {
  (props: Props): ReactNode;
  /** Downloads the page's code; rendered after this has settled, the page does not suspend. */
  load: () => Promise<void>;
}

export function lazyPage<Props extends object>(importPage: () => Promise<ComponentType<Props>>): LazyPage<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const loadOnce = () =>
    (loading ??= importPage().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download (a new deploy, the network) may be tried again by the next load.
        loading = undefined;
        throw error;
      },
    ));
  const Suspending = lazy(() => loadOnce().then((component) => ({ default: component })));

  function Page(props: Props) {
    // Chosen once per mount: swapping the lazy wrapper for the component itself later would mount the page afresh.
    const [Component] = useState<ComponentType<Props>>(() => loaded ?? Suspending);
    return <Component {...props} />;
  }
  return Object.assign(Page, { load: () => loadOnce().then(() => undefined) });
}
