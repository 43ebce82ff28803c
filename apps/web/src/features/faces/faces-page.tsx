import { faceMessages, type FaceSummary } from '@seva/shared';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';
import { useTimedMessage } from '../../lib/use-timed-message.ts';
import { useFaces } from './api/get-faces.ts';
import { DeleteFaceDialog } from './delete-face-dialog.tsx';
import { EditFaceDialog } from './edit-face-dialog.tsx';
import { FaceDetailsDialog } from './face-details-dialog.tsx';
import { FaceList, type FaceAction } from './face-list.tsx';
import { FaceListControls } from './face-list-controls.tsx';
import { DEFAULT_PAGE_SIZE, faceListView, type NameOrder } from './face-list-state.ts';
import { loadErrorMessage } from './load-error-message.ts';
import { Pagination } from './pagination.tsx';

const LOADING_MESSAGE = 'Loading your faces…';

/** /faces, the Face Management Console (SPEC §2, §4, §8, §9). */
export function FacesPage() {
  const { data: user } = useSession();
  const email = user?.email ?? '';
  const faces = useFaces(email);
  const success = useTimedMessage();
  const [open, setOpen] = useState<{ action: FaceAction; face: FaceSummary } | null>(null);
  // Whichever heading the content shows (list or welcome); focus goes there when its old place is gone.
  const contentHeading = useRef<HTMLHeadingElement>(null);
  const focusReturn = useFocusReturn(contentHeading);

  const openDialog = (action: FaceAction, face: FaceSummary) => {
    focusReturn.remember();
    setOpen({ action, face });
  };
  const close = () => {
    setOpen(null);
    focusReturn.restore();
  };
  const closeWith = (message: string) => {
    close();
    success.show(message);
  };
  const retry = async () => {
    focusReturn.remember();
    const result = await faces.refetch();
    if (result.isSuccess) focusReturn.restore();
  };

  const loading = faces.isFetching && !faces.data;
  const status = loading
    ? { tone: 'info' as const, message: LOADING_MESSAGE }
    : faces.isError
      ? { tone: 'error' as const, message: loadErrorMessage(faces.error) }
      : { tone: 'success' as const, message: success.message };

  return (
    <>
      <div className="page-title-row">
        <PageHeading>Face Management Console</PageHeading>
        <Link to={paths.addFace} className="button button-primary faces-link-button">
          Add New Face
        </Link>
      </div>
      <StatusRegion tone={status.tone} message={status.message} />
      {faces.isError ? (
        <p>
          <Button variant="secondary" busy={faces.isFetching} onClick={retry}>
            Try again
          </Button>
        </p>
      ) : null}
      {faces.data?.length === 0 ? <EmptyState headingRef={contentHeading} /> : null}
      {faces.data?.length ? <FaceCollection faces={faces.data} headingRef={contentHeading} onAction={openDialog} /> : null}

      <FaceDetailsDialog face={open?.action === 'details' ? open.face : null} onClose={close} />
      <EditFaceDialog email={email} face={open?.action === 'edit' ? open.face : null} onClose={close} onSaved={() => closeWith(faceMessages.updated)} />
      <DeleteFaceDialog email={email} face={open?.action === 'delete' ? open.face : null} onClose={close} onDeleted={() => closeWith(faceMessages.deleted)} />
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
        Welcome to your Face Management Console
      </h2>
      <p>You have not added any faces yet. Add the people you know, so your SEVA glasses can tell you who is with you.</p>
      <Link to={paths.addFace} className="button button-primary faces-link-button">
        Add Your First Face
      </Link>
    </section>
  );
}

function FaceCollection({
  faces,
  headingRef,
  onAction,
}: {
  faces: FaceSummary[];
  headingRef: RefObject<HTMLHeadingElement | null>;
  onAction: (action: FaceAction, face: FaceSummary) => void;
}) {
  const [search, setSearch] = useState('');
  const [order, setOrder] = useState<NameOrder>('asc');
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const view = faceListView(faces, { search, order, pageSize, page });

  return (
    <section aria-labelledby="faces-list-heading" className="face-collection">
      <h2 id="faces-list-heading" ref={headingRef} tabIndex={-1}>
        Your faces
      </h2>
      <FaceListControls
        search={search}
        order={order}
        pageSize={pageSize}
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
        onOrder={setOrder}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
      {view.items.length ? <FaceList faces={view.items} onAction={onAction} /> : null}
      <p className="face-list-footer" aria-live="polite" aria-atomic="true">
        {view.total ? `Showing ${view.from} to ${view.to} of ${view.total} faces` : `No faces match "${search.trim()}".`}
      </p>
      {view.pageCount > 1 ? <Pagination page={view.page} pageCount={view.pageCount} links={view.pages} onPage={setPage} /> : null}
    </section>
  );
}
