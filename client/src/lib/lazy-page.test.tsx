// A page whose code was loaded ahead appears at once, with no Suspense fallback in between; one whose
// code is not there yet suspends as with React.lazy.
import { render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page';

const Greeting = ({ name }: { name: string }) => <p>Hola, {name}</p>;

function renderInSuspense(Page: (props: { name: string }) => ReactNode) {
  return render(
    <Suspense fallback={<p>Cargando</p>}>
      <Page name="Ana" />
    </Suspense>,
  );
}

describe('lazyPage', () => {
  it('renders a page loaded ahead in the first commit, without the fallback', async () => {
    const Page = lazyPage(() => Promise.resolve(Greeting));
    await Page.load();

    renderInSuspense(Page);

    expect(screen.getByText('Hola, Ana')).toBeInTheDocument();
    expect(screen.queryByText('Cargando')).not.toBeInTheDocument();
  });

  it('suspends a page whose code is not loaded, then shows it', async () => {
    const Page = lazyPage(() => Promise.resolve(Greeting));

    renderInSuspense(Page);

    expect(screen.getByText('Cargando')).toBeInTheDocument();
    expect(await screen.findByText('Hola, Ana')).toBeInTheDocument();
  });

  it('downloads the code once however often it is loaded', async () => {
    let downloads = 0;
    const Page = lazyPage(() => {
      downloads += 1;
      return Promise.resolve(Greeting);
    });

    await Promise.all([Page.load(), Page.load()]);
    renderInSuspense(Page);

    expect(downloads).toBe(1);
  });
});
