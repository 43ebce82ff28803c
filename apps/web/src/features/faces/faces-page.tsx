import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FaceSummary } from '@seva/shared';
import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';
import { screenHeadings } from '../../lib/screens.ts';
import { useFaces } from './api/get-faces.ts';
import { FaceList, type FaceAction, type FaceNotice } from './face-list.tsx';
import { FaceListControls } from './face-list-controls.tsx';
import { DEFAULT_PAGE_SIZE, faceListView, type NameOrder } from './face-list-state.ts';
import { loadErrorMessage } from './load-error-message.ts';
import { Pagination } from './pagination.tsx';

const LOADING_MESSAGE = msg`Loading your faces…`;

/** Loaded as soon as a list is shown; a dialog asked for before it has loaded opens once it has (face-dialogs.tsx). */
const FaceDialogs = lazy(() => import('./face-dialogs.tsx'));

/**
 * What /faces says under its heading to everyone, drawn by the page prerendered for a signed-in browser too
 * (app/layout/feature-layout.tsx), so the screen's largest text paints at once (D-068).
 */
export function Introduction() {
  return (
    <p className="lead">
      <Trans>
        Teach your glasses the faces of the people you know, so they can tell you who is with you. A face is kept only
        with the person's consent, and only you and the helpers you choose see its photos.
      </Trans>
    </p>
  );
}

/** /faces, the Face Management Console (product §2, §4, §8, §9). */
export function FacesPage() {
  const { i18n } = useLingui();
  const { data: user } = useSession();
  const email = user?.email ?? '';
  const faces = useFaces(email);
  // What the last dialog did, and the face it is about (a rename), so it is shown in that face's row (null when the row
  // is gone). It stays until the user's next action on the list (D-077).
  const [notice, setNotice] = useState<FaceNotice | null>(null);
  const clearNotice = () => setNotice(null);
  const [open, setOpen] = useState<{ action: FaceAction; face: FaceSummary } | null>(null);
  // Whichever heading the content shows (list or welcome); focus goes there when its old place is gone.
  const contentHeading = useRef<HTMLHeadingElement>(null);
  const focusReturn = useFocusReturn(contentHeading);

  const openDialog = (action: FaceAction, face: FaceSummary) => {
    clearNotice();
    focusReturn.remember();
    setOpen({ action, face });
  };
  const close = () => {
    setOpen(null);
    focusReturn.restore();
  };
  const closeWith = (message: string, faceId: string | null) => {
    close();
    setNotice({ faceId, text: message });
  };
  const listShown = Boolean(faces.data?.length);
  const retry = async () => {
    clearNotice();
    focusReturn.remember();
    const result = await faces.refetch();
    if (result.isSuccess) focusReturn.restore();
  };

  const loading = faces.isFetching && !faces.data;
  const status = loading
    ? { tone: 'info' as const, message: i18n._(LOADING_MESSAGE) }
    : faces.isError
      ? { tone: 'error' as const, message: loadErrorMessage(faces.error, i18n) }
      : // With the list shown, a success is said in the list, where the user is (FaceCollection).
        { tone: 'success' as const, message: listShown ? null : (notice?.text ?? null) };

  return (
    <>
      <PageHeading>{screenHeadings[paths.faces]}</PageHeading>
      <Introduction />
      <div className="actions">
        <Link to={paths.addFace} className="button button-primary faces-link-button">
          <Trans>Add New Face</Trans>
        </Link>
        <Link to={paths.testRecognition} className="button button-secondary faces-link-button">
          <Trans>Test recognition</Trans>
        </Link>
      </div>
      <StatusRegion tone={status.tone} message={status.message} />
      {faces.isError ? (
        <p>
          <Button variant="secondary" busy={faces.isFetching} onClick={retry}>
            <Trans>Try again</Trans>
          </Button>
        </p>
      ) : null}
      {faces.data?.length === 0 ? <EmptyState headingRef={contentHeading} /> : null}
      {faces.data?.length ? <FaceCollection faces={faces.data} notice={notice} headingRef={contentHeading} onAction={openDialog} onView={clearNotice} /> : null}

      {listShown || open ? (
        <Suspense fallback={null}>
          <FaceDialogs email={email} open={open} onClose={close} onDone={closeWith} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * Where focus goes when the control that had it goes away. After a dialog closes: back to the button that opened
 * it, or, when that button is gone too (its face was deleted, or renamed onto another page), to the content's
 * heading; after 'Try again' loads the list: the list's heading. Never to <body>. It waits a frame,
 * as the modal's own restore does, and leaves alone focus that has already gone somewhere.
 */
function useFocusReturn(fallback: RefObject<HTMLElement | null>) {
  const opener = useRef<HTMLElement | null>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (!request) return;
    const frame = requestAnimationFrame(() => {
      if (document.activeElement && document.activeElement !== document.body) return;
      if (opener.current?.isConnected) opener.current.focus();
      else fallback.current?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [request, fallback]);
  return {
    /** Call as a dialog opens or a request starts: the focused control is where focus returns to. */
    remember: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    /** Call as the dialog closes or the request ends. */
    restore: () => setRequest((n) => n + 1),
  };
}

function EmptyState({ headingRef }: { headingRef: RefObject<HTMLHeadingElement | null> }) {
  return (
    <section aria-labelledby="faces-empty-heading" className="card face-empty">
      <h2 id="faces-empty-heading" ref={headingRef} tabIndex={-1}>
        <Trans>Welcome to your Face Management Console</Trans>
      </h2>
      <p>
        <Trans>You have not added any faces yet.</Trans>
      </p>
      <Link to={paths.addFace} className="button button-primary faces-link-button">
        <Trans>Add Your First Face</Trans>
      </Link>
    </section>
  );
}

/**
 * The list with its controls. A success about a face whose row is on the page is said in that row, beside the button
 * that gets focus back; any other (a deletion, or a rename that moved the face off this page) under the list's
 * heading, where focus goes when the row is gone. Searching, sorting or paging is the user's next action: the screen
 * drops the success then (`onView`), so it is never said again in another place.
 */
function FaceCollection({
  faces,
  notice,
  headingRef,
  onAction,
  onView,
}: {
  faces: FaceSummary[];
  notice: FaceNotice | null;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onAction: (action: FaceAction, face: FaceSummary) => void;
  onView: () => void;
}) {
  const { t } = useLingui();
  const localise = useLocalise();
  const [search, setSearch] = useState('');
  const [order, setOrder] = useState<NameOrder>('asc');
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const view = faceListView(faces, { search, order, pageSize, page });
  const inRow = notice?.faceId != null && view.items.some((face) => face.face_id === notice.faceId);
  const listNotice = notice && !inRow ? localise(notice.text) : null;
  const { from, to, total } = view;
  const searched = search.trim();

  return (
    <section aria-labelledby="faces-list-heading" className="face-collection">
      <h2 id="faces-list-heading" ref={headingRef} tabIndex={-1}>
        <Trans>Your faces</Trans>
      </h2>
      <p role="status" className={listNotice ? 'notice notice-success' : 'visually-empty'}>
        {listNotice}
      </p>
      <FaceListControls
        search={search}
        order={order}
        pageSize={pageSize}
        onSearch={(value) => {
          onView();
          setSearch(value);
          setPage(1);
        }}
        onOrder={(value) => {
          onView();
          setOrder(value);
        }}
        onPageSize={(size) => {
          onView();
          setPageSize(size);
          setPage(1);
        }}
      />
      {view.items.length ? <FaceList faces={view.items} notice={inRow ? notice : null} onAction={onAction} /> : null}
      <p className="face-list-footer" aria-live="polite" aria-atomic="true">
        {total ? t`Showing ${from} to ${to} of ${total} faces` : t`No faces match "${searched}".`}
      </p>
      {view.pageCount > 1 ? <Pagination
          page={view.page}
          pageCount={view.pageCount}
          links={view.pages}
          onPage={(next) => {
            onView();
            setPage(next);
          }}
        /> : null}
    </section>
  );
}
