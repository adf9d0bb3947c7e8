// threadkeep extension service worker: opens the side panel, offers "Ask threadkeep about
// the selection" in the context menu. It holds no chat state: the side panel talks to the API.
"use strict";

const MENU_ID = "threadkeep-ask-selection";

chrome.runtime.onInstalled.addListener(() => {
  // A click on the toolbar icon opens the panel; no popup in between.
  chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => {});
  chrome.contextMenus.create({
    id: MENU_ID,
    title: "Ask threadkeep about the selection",
    contexts: ["selection"],
  });
});

/** The context-menu click: hand the selection to the panel for the next message only. */
function askAboutSelection(info, tab) {
  if (info.menuItemId !== MENU_ID || !info.selectionText) return Promise.resolve();
  // sidePanel.open must run inside the click's user gesture, so it comes first; the panel
  // picks the pending selection up from session storage (or hears the change if open).
  if (tab && tab.windowId !== undefined) chrome.sidePanel.open({ windowId: tab.windowId }).catch(() => {});
  return chrome.storage.session.set({
    pendingContext: { text: info.selectionText, url: (tab && tab.url) || "", title: (tab && tab.title) || "" },
  });
}

chrome.contextMenus.onClicked.addListener(askAboutSelection);
