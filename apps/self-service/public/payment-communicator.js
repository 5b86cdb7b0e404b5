// The payment gateway's hosted card form (Authorize.Net Accept Customer, or the sandbox's) opens this page in a hidden
// frame with what happened in its address's fragment: "#action=successfulSave", "#action=cancel",
// "#action=resizeWindow&width=…&height=…". This page is on the site's own origin, so it may tell the site's page.
(() => {
  var message = { source: 'voltin-payment-form' };
  new URLSearchParams(window.location.hash.slice(1)).forEach((value, name) => {
    message[name] = value;
  });
  window.top.postMessage(message, window.location.origin);
})();
