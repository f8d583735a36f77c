// Every page: <html class="js"> says that script runs (app.css hides the no-script controls).
// The pages' one classic script, at the end of <head>: it runs before the first paint, and the
// page is read only once the stylesheets are in; a module runs after the page is read.
document.documentElement.classList.add("js");
// DOMContentLoaded comes once every module has run: until then a tap on a control that only a
// module handles (a type="button") would be lost, so app.css lets none through to those before it.
// A deal form still being redrawn for the deals kept offline (offline-form.js) is ready once that
// is done and the game's script has run.
document.addEventListener("DOMContentLoaded", () => {
  const root = document.documentElement;
  if (!("deriving" in root.dataset)) root.dataset.ready = "";
});
