import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../lib/paths.ts';
import { screens } from '../lib/screens.ts';
import { NAV_ENTRIES } from './navigation.ts';
import { PRERENDERED } from './prerender.tsx';
import { routes } from './router.tsx';

/** Every route with a path, however deep, as [path, route]. */
const routesWithPaths = (list: RouteObject[]): Array<[string, RouteObject]> =>
  list.flatMap((route) => [...(route.path ? [[route.path, route] as [string, RouteObject]] : []), ...routesWithPaths(route.children ?? [])]);

describe('the screen table', () => {
  it('prerenders every screen: a signed-in one as a page for a signed-in browser, an e-mailed link\'s with a token', () => {
    const signedIn = screens.filter((screen) => screen.audience === 'signed-in').map((screen) => screen.path);
    const prerenderedForSignedIn = PRERENDERED.filter((page) => page.signedIn).map((page) => page.path);
    expect(prerenderedForSignedIn).toEqual(signedIn);
    // And every other screen, for everyone (D-054); those e-mails lead to, as they draw with a token (D-060).
    expect(PRERENDERED.filter((page) => !page.signedIn).map((page) => page.path)).toEqual(screens.filter((screen) => screen.audience !== 'signed-in').map((screen) => screen.path));
    expect(PRERENDERED.filter((page) => page.search).map((page) => page.path)).toEqual([
      paths.verifyEmail,
      paths.resetPassword,
      paths.restoreAccount,
      paths.helperAccept,
      paths.helperResetPassword,
    ]);
  });

  it('gives every signed-in screen a heading', () => {
    for (const screen of screens.filter((s) => s.audience === 'signed-in')) expect('heading' in screen && screen.heading, screen.path).toBeTruthy();
  });

  it('names each path once, and the router has a route for every screen that loads its component', async () => {
    expect(new Set(screens.map((screen) => screen.path)).size).toBe(screens.length);
    const routed = new Map(routesWithPaths(routes));
    for (const screen of screens) {
      const route = routed.get(screen.path);
      expect(route, screen.path).toBeDefined();
      expect(route?.handle).toMatchObject({ title: screen.title });
      expect(typeof route?.lazy, screen.path).toBe('function');
    }
  });

  it("each screen's module exports the component the router takes from it", async () => {
    const routed = new Map(routesWithPaths(routes));
    for (const screen of screens) {
      const lazy = routed.get(screen.path)?.lazy;
      if (typeof lazy !== 'function') throw new Error(`${screen.path} has no lazy screen`);
      const { Component } = (await lazy()) as { Component?: unknown };
      expect(typeof Component, screen.module).toBe('function');
    }
  }, 30_000);

  it('derives the navigation, in order', () => {
    expect(NAV_ENTRIES).toEqual([
      { to: paths.dashboard, label: 'Home' },
      { to: paths.faces, label: 'Face Recognition' },
      { to: paths.sos, label: 'Emergency Setup' },
      { to: paths.manual, label: 'Knowledge Base' },
      { to: paths.updates, label: 'Updates' },
      { to: paths.profile, label: 'Profile' },
    ]);
  });
});
