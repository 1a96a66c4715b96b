//! The folder codex's trust is asked about (`session::trust`), found as codex finds it: the
//! directory threads start in, and what codex keys its `projects` entry by — the root of the
//! git repository around it (for a linked worktree, the main repository's root), or the folder
//! itself outside any repository.

use crate::session::state::first_run::FolderTrust;
use crate::session::state::SessionConfig;
use std::path::{Path, PathBuf};

/// The session's config with the folder to ask about, for a server on this machine.
pub fn with_folder_trust(mut config: SessionConfig) -> SessionConfig {
    let folder = match &config.settings.cwd {
        Some(cwd) => PathBuf::from(cwd),
        None => match std::env::current_dir() {
            Ok(dir) => dir,
            Err(e) => {
                tracing::warn!(%e, "no current directory: the folder's trust is not asked about");
                return config;
            }
        },
    };
    let folder = canonical(&folder);
    let root = trust_root(&folder).unwrap_or_else(|| folder.clone());
    config.folder_trust = Some(FolderTrust {
        folder: folder.to_string_lossy().into_owned(),
        root: root.to_string_lossy().into_owned(),
    });
    config
}

/// The repository root codex trusts for `folder`; `None` outside a repository (or where a
/// `.git` file does not name a linked worktree's git folder).
pub(crate) fn trust_root(folder: &Path) -> Option<PathBuf> {
    let root = folder.ancestors().find(|dir| dir.join(".git").exists())?;
    let dot_git = root.join(".git");
    if dot_git.is_dir() {
        return Some(canonical(root));
    }
    // A linked worktree: `.git` is a file saying `gitdir: <main>/.git/worktrees/<name>`.
    let text = std::fs::read_to_string(&dot_git).ok()?;
    let git_dir = text.trim().strip_prefix("gitdir:")?.trim();
    if git_dir.is_empty() {
        return None;
    }
    let git_dir = canonical(&root.join(git_dir));
    let worktrees = git_dir.parent()?;
    if worktrees.file_name()? != "worktrees" {
        return None;
    }
    Some(canonical(worktrees.parent()?.parent()?))
}

fn canonical(path: &Path) -> PathBuf {
    path.canonicalize().unwrap_or_else(|_| path.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_subfolder_of_a_repository_is_trusted_by_the_repository_root() {
        let dir = tempfile::tempdir().unwrap();
        let repo = dir.path().join("repo.x");
        std::fs::create_dir_all(repo.join(".git")).unwrap();
        std::fs::create_dir_all(repo.join("src/deep")).unwrap();
        assert_eq!(
            trust_root(&repo.join("src/deep")),
            Some(repo.canonicalize().unwrap())
        );
        assert_eq!(trust_root(dir.path()), None);
    }

    #[test]
    fn a_linked_worktree_is_trusted_by_its_main_repository() {
        let dir = tempfile::tempdir().unwrap();
        let main = dir.path().join("main");
        let tree = dir.path().join("tree");
        std::fs::create_dir_all(main.join(".git/worktrees/tree")).unwrap();
        std::fs::create_dir_all(&tree).unwrap();
        let gitdir = main.join(".git/worktrees/tree");
        std::fs::write(tree.join(".git"), format!("gitdir: {}\n", gitdir.display())).unwrap();
        assert_eq!(trust_root(&tree), Some(main.canonicalize().unwrap()));
    }
}
