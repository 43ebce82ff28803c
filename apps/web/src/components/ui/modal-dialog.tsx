import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

interface ModalDialogProps {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
  /** 'alertdialog' for confirmations and results that need an answer. */
  role?: 'dialog' | 'alertdialog';
  dismissable?: boolean;
  /** The id of the text a screen reader should read with the title (e.g. a confirmation's question). */
  describedBy?: string;
}

/** A modal that traps focus, closes with Escape, and returns focus to what opened it. */
export function ModalDialog({ title, isOpen, onClose, children, role = 'dialog', dismissable = true, describedBy }: ModalDialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable={dismissable}
      isKeyboardDismissDisabled={!dismissable}
      className="modal-overlay"
    >
      <Modal className="modal">
        <Dialog role={role} className="dialog" aria-describedby={describedBy}>
          <Heading slot="title" className="dialog-title">
            {title}
          </Heading>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
