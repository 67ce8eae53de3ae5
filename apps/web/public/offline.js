// The offline page (offline.html) is shown under the address that could not load: trying again, or coming
// back online, loads that address again.
document.getElementById('retry')?.addEventListener('click', () => window.location.reload());
window.addEventListener('online', () => window.location.reload());
