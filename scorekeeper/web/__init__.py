"""What every page shares: errors, security headers and cookies, what a browser holds, the
installable app (PWA), QR codes and the command line."""
