// Every page: <html class="js"> says that script runs (app.css hides the no-script controls).
// The pages' one classic script, at the end of <head>: it runs before the first paint, and the
// page is read only once the stylesheets are in; a module runs after the page is read.
document.documentElement.classList.add("js");
// DOMContentLoaded comes once every module has run: until then a tap on a control that only a
// module handles (a type="button") would be lost, so app.css lets none through to those before it.
document.addEventListener("DOMContentLoaded", () => {
  document.documentElement.dataset.ready = "";
});
