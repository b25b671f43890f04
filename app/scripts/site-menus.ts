// The behavior of the site header's two menus, without React: the frame is on every page, and this
// keeps pages whose only interactive part is the header at well under 3 KB of script.
// - [data-menu]: a WAI-ARIA menu button. Enter, Space or ArrowDown opens it on the first item, ArrowUp
//   on the last; arrows, Home and End move; Escape closes and returns focus; Tab or a click outside closes.
// - [data-dialog-open="id"] opens a native modal <dialog> (focus stays inside, Escape closes it);
//   [data-dialog-close] and a click on its backdrop close it.

function setUpMenu(root: HTMLElement) {
  const trigger = root.querySelector<HTMLButtonElement>("[data-menu-trigger]");
  const menu = root.querySelector<HTMLElement>("[role=menu]");
  if (!trigger || !menu) return;
  const items = () => [...menu.querySelectorAll<HTMLElement>("[role=menuitem]")];
  const isOpen = () => !menu.hidden;

  const open = (focusIndex: number) => {
    menu.hidden = false;
    trigger.setAttribute("aria-expanded", "true");
    const list = items();
    list.at(focusIndex)?.focus();
  };
  const close = (returnFocus: boolean) => {
    if (!isOpen()) return;
    menu.hidden = true;
    trigger.setAttribute("aria-expanded", "false");
    if (returnFocus) trigger.focus();
  };

  trigger.addEventListener("click", () => (isOpen() ? close(false) : open(0)));
  trigger.addEventListener("keydown", (event) => {
    if (event.key === "ArrowDown" || event.key === "Enter" || event.key === " ") open(0);
    else if (event.key === "ArrowUp") open(-1);
    else return;
    event.preventDefault();
  });
  menu.addEventListener("keydown", (event) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: (index + 1) % list.length,
      ArrowUp: (index - 1 + list.length) % list.length,
      Home: 0,
      End: list.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      list[moves[event.key]!]?.focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "Tab") {
      close(false);
    } else if (event.key === " ") {
      event.preventDefault();
      (document.activeElement as HTMLElement).click();
    }
  });
  document.addEventListener("pointerdown", (event) => {
    if (!root.contains(event.target as Node)) close(false);
  });
}

function setUpDialogs() {
  for (const button of document.querySelectorAll<HTMLElement>("[data-dialog-open]")) {
    const dialog = document.getElementById(button.dataset.dialogOpen!) as HTMLDialogElement | null;
    if (!dialog) continue;
    button.addEventListener("click", () => dialog.showModal());
    for (const closer of dialog.querySelectorAll("[data-dialog-close], a[href]"))
      closer.addEventListener("click", () => dialog.close());
    // A click on the dialog element itself (its backdrop, outside the panel) closes it.
    dialog.addEventListener("click", (event) => {
      if (event.target === dialog) dialog.close();
    });
  }
}

for (const menu of document.querySelectorAll<HTMLElement>("[data-menu]")) setUpMenu(menu);
setUpDialogs();
