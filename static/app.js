// Every page: mark that script runs, hand a scorer link's key to the server, copy and share.
document.documentElement.classList.add("js");
document.addEventListener("DOMContentLoaded", () => {
  "use strict";

  // A scorer link carries its key after "#", which browsers never send: hand it over by POST.
  const join = document.getElementById("join-form");
  const key = new URLSearchParams(location.hash.slice(1)).get("key");
  if (key) {
    history.replaceState(null, "", location.pathname + location.search);
    if (join) {
      join.elements.key.value = key;
      join.submit();
    }
  }

  document.querySelectorAll("[data-back]").forEach((button) =>
    button.addEventListener("click", () => history.back()));

  // Copy and Share buttons next to a link.
  document.querySelectorAll("[data-copy]").forEach((button) => {
    const field = document.getElementById(button.dataset.copy);
    button.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(field.value);
      } catch {
        field.select();
        document.execCommand("copy");
      }
      const label = button.textContent;
      button.textContent = "Copied ✓";
      setTimeout(() => { button.textContent = label; }, 1500);
    });
  });
  document.querySelectorAll("[data-share]").forEach((button) => {
    const field = document.getElementById(button.dataset.share);
    if (!navigator.share) { button.hidden = true; return; }
    button.addEventListener("click", () =>
      navigator.share({ title: document.title, url: field.value }).catch(() => {}));
  });

  // One tap is enough: a second tap on a form being sent does not send it again.
  const posts = document.querySelectorAll("form[method=post]");
  posts.forEach((form) =>
    form.addEventListener("submit", (event) => {
      if (form.dataset.sending) event.preventDefault();
      form.dataset.sending = "1";
      setTimeout(() => { delete form.dataset.sending; }, 4000);
    }));
  window.addEventListener("pageshow", () => posts.forEach((form) => delete form.dataset.sending));
});
