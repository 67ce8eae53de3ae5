// The offline page (offline.html) is shown under the address that could not load: trying again loads it again.
document.getElementById('retry')?.addEventListener('click', () => window.location.reload());
